// The words the page's modules show, in the page's language. The build writes the
// messages of web/locale/<lang>/LC_MESSAGES/site.po that these modules use into each page
// (<script type="application/json" id="page-messages">, lessonsite/i18n.py), keyed by
// their English msgid: `t("Run")`, `tn("{n} lesson", "{n} lessons", n)`. Babel extracts
// the calls from here (web/docs/languages.md), so a message must be a literal string.
// Placeholders are named: "{name}", filled from `values`. A message the page lacks is
// shown as written, in English.

let loaded;

function catalogs() {
  if (loaded) return loaded;
  let data = {};
  try {
    data = JSON.parse(document.getElementById("page-messages")?.textContent ?? "{}");
  } catch {
    // A page without messages speaks the msgids' English.
  }
  return (loaded = data);
}

/** The language of `element` (its nearest lang attribute), or the page's. */
export function langOf(element) {
  return element?.closest?.("[lang]")?.lang || document.documentElement.lang || "en";
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** A number as the page's language writes it: 19,3 or 19.3. */
export function number(value, options = {}, lang = langOf()) {
  return new Intl.NumberFormat(lang, options).format(value);
}

/** A number written with "." (as toFixed gives it) with the language's decimal sign, which
 * the build gives: no Intl.NumberFormat, whose first call loads the locale's data on the
 * main thread (35-50 ms in Chromium), where a first visit's download counts its bytes. */
export function decimal(text, lang = langOf()) {
  return String(text).replace(".", catalogs()[lang]?.decimal ?? ".");
}

/** `message` (an English msgid) in `lang`, its {placeholders} filled from `values`. */
export function t(message, values = {}, lang = langOf()) {
  const found = catalogs()[lang]?.messages?.[message];
  return fill(typeof found === "string" ? found : message, values);
}

/** The form of a message that counts `n` ({n} in it is n, written as `lang` writes numbers). */
export function tn(singular, plural, n, values = {}, lang = langOf()) {
  const catalog = catalogs()[lang];
  const forms = catalog?.messages?.[singular];
  const category = new Intl.PluralRules(lang).select(n);
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms)) text = forms[catalog.plural?.[category] ?? catalog.plural?.other ?? 0] ?? text;
  return fill(text, { n: number(n, {}, lang), ...values });
}

/** t() and tn() in the language of `element` (a course's entry on the front page). */
export function translator(element) {
  const lang = langOf(element);
  return {
    t: (message, values = {}) => t(message, values, lang),
    tn: (singular, plural, n, values = {}) => tn(singular, plural, n, values, lang),
  };
}
