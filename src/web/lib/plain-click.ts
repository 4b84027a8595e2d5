/**
 * True for an ordinary left click: the page may handle it itself (open a dialog). A middle click or a
 * click with Ctrl, ⌘, Shift or Alt is left to the browser, which opens the link's address.
 */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'defaultPrevented' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
