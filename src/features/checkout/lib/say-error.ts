import { toast } from 'sonner';
import type { ToastText } from '../types';

/** A refusal or a problem for the guest: an error toast with its title and, under it, its description. */
export const sayError = (message: ToastText) => toast.error(message.title, { description: message.description });
