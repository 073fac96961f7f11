/** Saves a file the browser holds (an export, a PDF) under `name`, as a click on a download link would. */
export function downloadFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started once the click returns; the address is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
