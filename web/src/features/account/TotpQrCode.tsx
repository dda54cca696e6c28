import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner';

/** Draws the otpauth:// URI as a QR code (SVG), loading the qrcode library only when needed. */
export function TotpQrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(async (mod) => {
        // a CommonJS package: the bundler exposes it as the default export
        const qr = (mod.default as typeof mod | undefined) ?? mod;
        const svg = await qr.toString(uri, {
          type: 'svg',
          margin: 2,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        });
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [uri]);

  return (
    <div className="grid h-48 w-48 place-items-center justify-self-center overflow-hidden rounded-xl bg-white">
      {src ? (
        <img src={src} width={192} height={192} alt="QR code to add your account to an authenticator app" className="h-48 w-48" />
      ) : failed ? (
        <p className="p-4 text-center text-sm text-black">The QR code could not be drawn. Type the setup key below instead.</p>
      ) : (
        <span className="text-black">
          <Spinner label="Drawing the QR code" />
        </span>
      )}
    </div>
  );
}
