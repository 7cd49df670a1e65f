// The page's content width and the window's width, reported to Python when they differ from
// what it draws for (each report is a rerun), and kept in a cookie so the next session starts
// right. Also: on a phone, choosing a page in the sidebar closes the sidebar, which would
// otherwise cover the page just opened.
const PHONE = "(max-width: 767.98px)";  // below this Streamlit's sidebar covers the page
const STEP = 8;  // widths are rounded down to this: a scrollbar's come and go is no change

function measure() {
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  if (!main) return null;
  const style = getComputedStyle(main);
  const content = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const round = (value) => Math.max(0, Math.floor(value / STEP) * STEP);
  return { content: round(content), viewport: round(window.innerWidth) };
}

function closeSidebarOnPhone(event) {
  if (!window.matchMedia(PHONE).matches) return;
  if (!event.target.closest || !event.target.closest('[data-testid="stSidebarNav"] a')) return;
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (close) setTimeout(() => close.click(), 0);
}

export default function ({ data, parentElement, setStateValue }) {
  if (!window.__ndcgLabSidebarCloser) {  // one listener per page, however often this runs
    window.__ndcgLabSidebarCloser = true;
    document.addEventListener("click", closeSidebarOnPhone, true);
  }
  let timer = null;
  const report = () => {
    const size = measure();
    if (!size || size.content === 0) return;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie =
      `${data.cookie}=${size.content}x${size.viewport}; Path=/; Max-Age=31536000; SameSite=Strict${secure}`;
    const known = data.known;
    const same = known && known[0] === size.content && known[1] === size.viewport;
    const fits = !known && size.viewport > data.stacks_below
      && size.content >= data.fits[0] && size.content <= data.fits[1];
    if (!same && !fits) setStateValue("size", [size.content, size.viewport]);
  };
  report();
  const observer = new ResizeObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(report, 250);
  });
  observer.observe(document.querySelector('[data-testid="stMainBlockContainer"]') || parentElement);
  return () => { clearTimeout(timer); observer.disconnect(); };
}
