import type { TemplateType } from './lib/template-types';

/** A row of public.email_templates, as the admin panel reads it. */
export interface EmailTemplate {
  id: string;
  org_id: string;
  name: string;
  template_type: string;
  subject: string;
  body: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** One editable type of email: the organization's active template of it, or null (the default is used). */
export interface TemplateSlot {
  type: TemplateType;
  name: string;
  template: EmailTemplate | null;
  /** What the fields start with: the active template's text, else the default's. */
  subject: string;
  body: string;
  /** The type's default text (what 'Reset to default' puts back until the preview brings the server's). */
  defaults: { subject: string; body: string };
}

/** What preview-email answers: the sample email, and the type's default text. */
export interface EmailPreview {
  subject: string;
  html: string;
  text: string;
  defaults: { subject: string; body: string; name: string };
}

/** The organization's thank-you email settings (org_email_settings; no row: off, no review link). */
export interface ThankYouSettings {
  thankYouEmails: boolean;
  reviewUrl: string | null;
}
