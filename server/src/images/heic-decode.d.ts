declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(opts: { buffer: Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    function all(opts: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
  }
  export default decode;
}
