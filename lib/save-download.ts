/** Saves a Blob as a file download (an object URL on an <a download>, released once the download has it). */
export function saveDownload(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser reads the Blob asynchronously after the click; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
