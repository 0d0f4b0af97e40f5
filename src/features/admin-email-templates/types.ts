export interface EmailTemplate {
  id: string;
  org_id: string;
  name: string;
  template_type: string;
  subject: string;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}
