/**
 * A full-screen QR code of a URL (a paper's page, a reading list's share link), drawn in the
 * browser: the `qrcode` package is imported only when a reader asks for a code, so no page loads it
 * up front, and nothing leaves the browser. Dark modules on white whatever the theme: phone cameras
 * read dark-on-light codes best. One dialog per page, reused.
 */

let dialog: HTMLDialogElement | undefined;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

function qrDialog(): HTMLDialogElement {
  if (dialog) return dialog;
  dialog = element('dialog', 'qr-dialog');
  dialog.setAttribute('aria-labelledby', 'qr-heading');
  const heading = element('h2', 'qr-heading');
  heading.id = 'qr-heading';
  const canvas = element('canvas', 'qr-canvas');
  canvas.setAttribute('role', 'img');
  const url = element('p', 'qr-url');
  const form = element('form', 'qr-close');
  form.method = 'dialog';
  const close = element('button', 'primary-action', 'Close');
  close.type = 'submit';
  form.append(close);
  dialog.append(heading, canvas, url, form);
  // A click on the backdrop (outside the dialog's content) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}

/** Opens the full-screen dialog with `url` as a QR code, titled `title`. */
export async function showQrCode(url: string, title: string): Promise<void> {
  const box = qrDialog();
  const canvas = box.querySelector<HTMLCanvasElement>('.qr-canvas')!;
  box.querySelector('.qr-heading')!.textContent = title;
  box.querySelector('.qr-url')!.textContent = url;
  canvas.setAttribute('aria-label', `QR code of ${url}`);
  const { toCanvas } = await import('qrcode');
  // As large as the screen allows, in whole pixels per module so the code stays sharp.
  const side = Math.max(160, Math.min(window.innerWidth - 32, window.innerHeight - 200, 720));
  await toCanvas(canvas, url, {
    width: side,
    margin: 4,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  if (!box.open) box.showModal();
}
