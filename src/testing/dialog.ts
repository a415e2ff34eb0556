import { beforeAll } from 'vitest';

/**
 * jsdom has <dialog> but not its methods: these do what the browser does, minus the focus trap. Call it at the
 * top of a test file whose screens open a dialog.
 */
export function polyfillDialog(): void {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });
}
