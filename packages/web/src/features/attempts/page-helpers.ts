/** Back to the top of the page (the router keeps the scroll position between pages). */
export function scrollToTop(): void {
  const root = document.scrollingElement ?? document.documentElement;
  root.scrollTop = 0;
}
