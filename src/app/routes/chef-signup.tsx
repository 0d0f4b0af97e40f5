import { ChefSignupPage } from '@/features/chef-signup/components/chef-signup-page';

export default function Route() {
  return <ChefSignupPage />;
}
