// hostile.html?body=<case>: give <body> one of the styles that change what position: fixed is
// relative to (or the page's direction), and make the page long enough to scroll.
const HOSTILE_BODY_CASES = ['transform', 'filter', 'perspective', 'contain', 'zoom', 'overflow', 'rtl']
const hostileCase = new URLSearchParams(location.search).get('body')
if (HOSTILE_BODY_CASES.includes(hostileCase)) {
  document.documentElement.dataset.hostileBody = hostileCase
  if (hostileCase === 'rtl') document.documentElement.dir = 'rtl'
}
