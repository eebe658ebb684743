import { toast } from 'sonner';

export const TOAST_DURATION_MS = 3000;
const DEFAULT_SUCCESS = 'Operation completed successfully.';
const DEFAULT_ERROR = 'An unexpected error occurred. Please try again.';

/** Green toast, bottom-right, 3 s (spec section 8). */
export function notifySuccess(message: string = DEFAULT_SUCCESS): void {
  toast.success(message || DEFAULT_SUCCESS);
}

/** Red toast with the server's message when there is one. */
export function notifyError(message: string = DEFAULT_ERROR): void {
  toast.error(message || DEFAULT_ERROR);
}

export function notifyInfo(message: string): void {
  toast.info(message);
}
