import type { Page } from 'playwright-core';
import type { FormControl } from './fill-plan.ts';

// What the browser driver asks of the page itself: describe the form with the most fillable inputs, tag its
// inputs and buttons so they can be filled and clicked, check what is still required, read the text. Kept as
// plain JavaScript in a string: a function compiled by the test or server transpiler could carry helpers the
// page does not have.

export const FIELD_ATTR = 'data-tm-field';
export const BUTTON_ATTR = 'data-tm-button';

export type PageButton = { token: string; text: string; type: string };

export type PageScan = {
  /** A <form> element was chosen (false: inputs outside any form, as single-page apps lay them out). */
  isForm: boolean;
  formToken: string | null;
  controls: (FormControl & { display: string })[];
  buttons: PageButton[];
};

const SOURCE = String.raw`({
  clean(t) { return String(t || '').replace(/\s+/g, ' ').trim(); },
  visible(el) {
    if (!el || !el.isConnected) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return true;
    // A checkbox drawn by its label (the input itself hidden) still counts.
    if ((el.type === 'checkbox' || el.type === 'radio') && el.labels) {
      return Array.from(el.labels).some((l) => { const b = l.getBoundingClientRect(); return b.width > 0 && b.height > 0; });
    }
    return false;
  },
  textWithoutControls(node) {
    const copy = node.cloneNode(true);
    copy.querySelectorAll('input,select,textarea,button,script,style').forEach((n) => n.remove());
    return this.clean(copy.textContent);
  },
  labelText(el) {
    const parts = [];
    const by = el.getAttribute('aria-labelledby');
    if (by) parts.push(by.split(/\s+/).map((id) => { const n = document.getElementById(id); return n ? n.textContent : ''; }).join(' '));
    if (el.labels) for (const l of Array.from(el.labels)) parts.push(this.textWithoutControls(l));
    return this.clean(parts.join(' ')).replace(/[\s:*]+$/, '').slice(0, 120);
  },
  contextText(el) {
    let node = el;
    for (let depth = 0; depth < 3 && node; depth++) {
      let prev = node.previousSibling;
      while (prev) {
        if (prev.nodeType === 3 && this.clean(prev.textContent)) return this.clean(prev.textContent).slice(0, 80);
        if (prev.nodeType === 1) {
          if (prev.matches('input,select,textarea,button') || prev.querySelector('input,select,textarea')) return '';
          const t = this.textWithoutControls(prev);
          if (t) return t.replace(/[\s:*]+$/, '').slice(0, 80);
        }
        prev = prev.previousSibling;
      }
      node = node.parentElement;
      if (!node || node.tagName === 'FORM' || node.tagName === 'FIELDSET' || node === document.body) break;
    }
    return '';
  },
  sectionText(el, root) {
    const fieldset = el.closest('fieldset');
    const legend = fieldset && fieldset.querySelector('legend');
    if (legend) return this.clean(legend.textContent).slice(0, 80);
    const group = el.closest('[role=group],[role=radiogroup]');
    if (group) {
      const named = group.getAttribute('aria-label') || (group.getAttribute('aria-labelledby') || '').split(/\s+/).map((id) => { const n = document.getElementById(id); return n ? n.textContent : ''; }).join(' ');
      if (this.clean(named)) return this.clean(named).slice(0, 80);
    }
    let heading = '';
    for (const h of Array.from(root.querySelectorAll('h1,h2,h3,h4,h5,h6'))) {
      if (h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) heading = this.clean(h.textContent);
    }
    return heading.slice(0, 80);
  },
  fillableType(el) {
    const tag = el.tagName;
    if (tag === 'SELECT') return 'select';
    if (tag === 'TEXTAREA') return 'textarea';
    if (tag !== 'INPUT') return null;
    const t = (el.type || 'text').toLowerCase();
    return ['text', 'email', 'tel', 'number', 'date', 'search', 'url', 'checkbox', 'radio'].includes(t) ? t : null;
  },
  fillable(el) {
    if (!this.fillableType(el) || el.disabled || el.readOnly) return false;
    return this.visible(el);
  },
  tag(el, attr, prefix) {
    if (!el.hasAttribute(attr)) {
      const n = Number(document.documentElement.getAttribute('data-tm-count') || '0') + 1;
      document.documentElement.setAttribute('data-tm-count', String(n));
      el.setAttribute(attr, prefix + n);
    }
    return el.getAttribute(attr);
  },
  describe(el, root) {
    const label = this.labelText(el);
    const ariaLabel = this.clean(el.getAttribute('aria-label'));
    return {
      tag: el.tagName.toLowerCase(),
      type: this.fillableType(el),
      label,
      ariaLabel,
      name: el.getAttribute('name') || '',
      id: el.id || '',
      placeholder: this.clean(el.getAttribute('placeholder')),
      autocomplete: el.getAttribute('autocomplete') || '',
      context: label || ariaLabel ? '' : this.contextText(el),
      section: this.sectionText(el, root),
      required: el.required === true || el.getAttribute('aria-required') === 'true',
      maxLength: el.maxLength > 0 ? el.maxLength : null,
      pattern: el.getAttribute('pattern') || '',
    };
  },
  groupLabel(el, root) {
    const fieldset = el.closest('fieldset');
    const legend = fieldset && fieldset.querySelector('legend');
    if (legend) return this.clean(legend.textContent).replace(/[\s:*]+$/, '').slice(0, 120);
    const group = el.closest('[role=radiogroup],[role=group]');
    if (group) return this.clean(group.getAttribute('aria-label') || '');
    const container = el.closest('div,p,li,td') || el.parentElement;
    return container ? this.contextText(container) : '';
  },
  scan(prefix) {
    const candidates = [];
    for (const form of Array.from(document.forms)) {
      const elements = Array.from(form.elements).filter((el) => this.fillable(el));
      candidates.push({ root: form, isForm: true, elements });
    }
    const loose = Array.from(document.querySelectorAll('input,select,textarea')).filter((el) => !el.form && this.fillable(el));
    candidates.push({ root: document.body || document.documentElement, isForm: false, elements: loose });
    // The form with the most fillable inputs (a site's search box is a form of one).
    let best = null;
    for (const c of candidates) if (!best || c.elements.length > best.elements.length) best = c;
    if (!best || best.elements.length === 0) return { isForm: false, formToken: null, controls: [], buttons: [] };
    const controls = [];
    const radios = new Map();
    for (const el of best.elements) {
      const described = this.describe(el, best.root);
      if (described.type === 'radio') {
        const key = described.name || this.tag(el, '${FIELD_ATTR}', prefix);
        let group = radios.get(key);
        if (!group) {
          const label = this.groupLabel(el, best.root);
          group = Object.assign(described, { label, section: '', token: this.tag(el, '${FIELD_ATTR}', prefix), options: [], optionTokens: [], display: label || described.name || 'Choice' });
          radios.set(key, group);
          controls.push(group);
        }
        group.options.push({ value: el.value, text: this.labelText(el) || el.value });
        group.optionTokens.push(this.tag(el, '${FIELD_ATTR}', prefix));
        group.required = group.required || el.required === true;
        continue;
      }
      const control = Object.assign(described, { token: this.tag(el, '${FIELD_ATTR}', prefix) });
      control.display = described.label || described.ariaLabel || described.context || described.placeholder || described.name || described.id || '';
      if (described.type === 'select') {
        control.options = Array.from(el.options).map((o) => ({ value: o.value, text: this.clean(o.textContent), disabled: o.disabled }));
      }
      controls.push(control);
    }
    const root = best.root;
    let buttons = [];
    if (best.isForm) {
      buttons = Array.from(root.elements).filter((b) => b.matches('button,input[type=submit],input[type=image],input[type=button]'));
      buttons.push(...Array.from(root.querySelectorAll('[role=button],a.btn,a.button')));
      if (root.id) buttons.push(...Array.from(document.querySelectorAll('button[form="' + CSS.escape(root.id) + '"],input[type=submit][form="' + CSS.escape(root.id) + '"]')));
    } else {
      buttons = Array.from(document.querySelectorAll('button,input[type=submit],input[type=button],[role=button]')).filter((b) => !b.closest('form'));
    }
    const seen = new Set();
    const listed = [];
    for (const b of buttons) {
      if (seen.has(b) || b.disabled || !this.visible(b)) continue;
      seen.add(b);
      const type = (b.getAttribute('type') || (b.tagName === 'BUTTON' ? 'submit' : '')).toLowerCase();
      listed.push({ token: this.tag(b, '${BUTTON_ATTR}', prefix), text: this.clean(b.innerText || b.value || b.getAttribute('aria-label') || b.getAttribute('title') || ''), type });
    }
    return {
      isForm: best.isForm,
      formToken: best.isForm ? this.tag(root, 'data-tm-form', prefix) : null,
      controls,
      buttons: listed,
    };
  },
  /** Visible fillable inputs the driver has not seen yet (a second step revealed). */
  unseen() {
    return Array.from(document.querySelectorAll('input,select,textarea')).filter((el) => !el.hasAttribute('${FIELD_ATTR}') && this.fillable(el)).length;
  },
  /** Tokens of required inputs still empty (a required radio group with none chosen, a box unticked). */
  missing(tokens) {
    const out = [];
    for (const token of tokens) {
      const el = document.querySelector('[${FIELD_ATTR}="' + token + '"]');
      if (!el) { out.push(token); continue; }
      if (el.type === 'radio') {
        const scope = el.form || document;
        const group = el.name ? Array.from(scope.querySelectorAll('input[type=radio]')).filter((r) => r.name === el.name) : [el];
        if (!group.some((r) => r.checked)) out.push(token);
      } else if (el.type === 'checkbox') {
        if (!el.checked) out.push(token);
      } else if (!String(el.value || '').trim()) {
        out.push(token);
      }
    }
    return out;
  },
  /** The form's own constraint validation (patterns, formats) passes. */
  valid(formToken) {
    const form = formToken ? document.querySelector('[data-tm-form="' + formToken + '"]') : null;
    return form ? form.checkValidity() : true;
  },
  /** Sends a form that has no button to click. */
  requestSubmit(formToken) {
    const form = document.querySelector('[data-tm-form="' + formToken + '"]');
    if (!form) return false;
    form.requestSubmit();
    return true;
  },
  text() {
    return document.body ? String(document.body.innerText || '').slice(0, 20000) : '';
  },
  height() {
    const d = document.documentElement;
    return Math.max(d ? d.scrollHeight : 0, document.body ? document.body.scrollHeight : 0);
  },
})`;

/** Runs one helper of the page script in the page's current document. */
export async function callPage<T>(page: Page, fn: string, arg?: unknown): Promise<T> {
  const call = `${SOURCE}[${JSON.stringify(fn)}](${arg === undefined ? '' : JSON.stringify(arg)})`;
  return (await page.evaluate(call)) as T;
}
