/**
 * The QR as a PNG file a player can keep: banking apps scan QR codes from the photo gallery, so a
 * player paying from the same phone saves it (or shares it to the banking app) instead of scanning.
 */
export async function qrPng(svg: string, name: string, size = 640): Promise<File> {
  const img = new Image();
  img.src = `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  // a white quiet zone around the code, as printed QR codes have
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  const margin = Math.round(size * 0.05);
  ctx.drawImage(img, margin, margin, size - 2 * margin, size - 2 * margin);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the QR could not be drawn');
  return new File([blob], name, { type: 'image/png' });
}

/** Shares the file where the phone can (the share sheet, to the banking app or the gallery), else downloads it. */
export async function saveOrShare(file: File): Promise<'shared' | 'saved'> {
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file] });
      return 'shared';
    } catch (err) {
      // the player closed the share sheet: nothing to do; anything else falls back to a download
      if (err instanceof DOMException && err.name === 'AbortError') return 'shared';
    }
  }
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'saved';
}
