import { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_LIMIT } from '@/lib/toast';

/** Toasts at top-center with the spec's durations and limit (section 9). */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATIONS.blank,
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        loading: { duration: TOAST_DURATIONS.loading },
        className: '!bg-raised !text-fg !border !border-line !shadow-lg',
      }}
      containerStyle={{ top: 72 }}
      gutter={8}
    />
  );
}

export { TOAST_LIMIT };
export default AppToaster;
