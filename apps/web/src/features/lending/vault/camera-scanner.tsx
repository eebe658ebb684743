import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';

// Scanning tags with the device's camera through the browser's own BarcodeDetector (decision 0309): no decoding
// library is loaded; where the browser has none, the button is not offered and typing (or a handheld scanner,
// which types) does the work.

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

function detectorClass(): DetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
}

export function cameraScanAvailable(): boolean {
  return detectorClass() !== undefined && typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** The camera's picture while it looks for QR codes; each code read is handed to onTag. */
export function CameraScanner({ onTag, onClose }: { onTag: (tag: string) => void; onClose: () => void }) {
  const t = useT('vault');
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const report = useRef(onTag);
  report.current = onTag;

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return undefined;
    const detector = new Detector({ formats: ['qr_code', 'code_128'] });
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        if (stopped) return s.getTracks().forEach((track) => track.stop());
        stream = s;
        if (!video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          detector
            .detect(video.current)
            .then((codes) => codes.forEach((code) => report.current(code.rawValue)))
            .catch(() => undefined);
        }, 300);
      })
      .catch(() => setError(t('vault.count.cameraError')));
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [t]);

  return (
    <div className="flex flex-col gap-2">
      {error ? <p role="alert" className="text-error">{error}</p> : <video ref={video} className="w-full max-w-sm rounded-box bg-black" muted playsInline aria-label={t('vault.count.camera')} />}
      <button type="button" className="btn btn-sm w-fit" onClick={onClose}>
        {t('vault.count.cameraStop')}
      </button>
    </div>
  );
}
