import { type ImageStore, StorageUnavailable } from './image-store';

export interface StorageWatch {
  /** Resolves with the first check's outcome (true: the storage can be used). */
  first: Promise<boolean>;
  stop(): void;
}

/**
 * Checks the image storage at start and says in words when it cannot be used (the bucket unreachable, missing, or
 * refusing the keys), then again every `retryMs` until it can, and says so then. It never stops the server: the rest of
 * the app serves on, an image request meets a 503 in words meanwhile, and no supervisor restarts the process in a
 * loop over a storage that is down (docs/decisions/0328-object-storage.md).
 */
export function watchImageStorage(images: ImageStore, say: (line: string, ok: boolean) => void, retryMs = 30_000): StorageWatch {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = async (): Promise<string | null> => {
    try {
      await images.check();
      return null;
    } catch (err) {
      return err instanceof StorageUnavailable ? err.reason : `The image storage ${images.where} failed its check (${err instanceof Error ? err.message : String(err)})`;
    }
  };
  const first = attempt().then((reason) => {
    if (reason === null) return true;
    say(`${reason}. The server goes on without images: they cannot be stored or shown until this is put right (checked again every ${Math.round(retryMs / 1000)} s).`, false);
    const again = async () => {
      if (stopped) return;
      if ((await attempt()) === null) {
        say(`The image storage ${images.where} can be used again.`, true);
        return;
      }
      if (!stopped) timer = setTimeout(() => void again(), retryMs).unref();
    };
    timer = setTimeout(() => void again(), retryMs).unref();
    return false;
  });
  return {
    first,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
