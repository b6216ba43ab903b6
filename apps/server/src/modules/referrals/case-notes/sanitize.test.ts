import { describe, expect, it } from 'vitest';
import { noteHtmlToText, sanitizeNoteHtml, textToNoteHtml } from './sanitize.ts';

describe('sanitizeNoteHtml keeps what the editor makes (001 §9)', () => {
  it('keeps bold, italic, underline, lists, large text, line breaks and alignment', () => {
    const html =
      '<h3 style="text-align: center">Plan</h3><p>A <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u><br>g</p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p style="text-align: right">two</p></li></ol><h2>Also</h2>';
    expect(sanitizeNoteHtml(html)).toBe(
      '<h3 style="text-align:center">Plan</h3><p>A <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u><br />g</p>' +
        '<ul><li><p>one</p></li></ul><ol><li><p style="text-align:right">two</p></li></ol><h2>Also</h2>',
    );
  });

  it.each(['left', 'center', 'right', 'justify'])('keeps text-align: %s', (align) => {
    expect(sanitizeNoteHtml(`<p style="text-align: ${align}">x</p>`)).toBe(
      `<p style="text-align:${align}">x</p>`,
    );
  });
});

describe('sanitizeNoteHtml removes hostile markup', () => {
  const cases: [string, string, string][] = [
    ['a script and its text', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['a script split to dodge a filter', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['event handlers', '<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
    ['an image with onerror', '<img src=x onerror=alert(1)><p>hi</p>', '<p>hi</p>'],
    ['a javascript: link (the text stays)', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', 'x'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>">fallback</iframe>', ''],
    ['svg with a script', '<svg onload="alert(1)"><script>alert(1)</script></svg>ok', 'ok'],
    ['math with a javascript href', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['a style element', '<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['an object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', '<p>ok</p>'],
    ['a form and input', '<form action="https://evil"><input name="q"><button>go</button></form>', 'go'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil"><p>ok</p>', '<p>ok</p>'],
    ['classes and ids', '<p class="x" id="y" data-x="1">ok</p>', '<p>ok</p>'],
    [
      'other styles',
      '<p style="color: red; position: fixed; background: url(javascript:x)">ok</p>',
      '<p>ok</p>',
    ],
    ['a CSS expression in text-align', '<p style="text-align: expression(alert(1))">ok</p>', '<p>ok</p>'],
    [
      'text-align mixed with others',
      '<p style="position:fixed;text-align:center;top:0">ok</p>',
      '<p style="text-align:center">ok</p>',
    ],
    ['style on an inline element', '<strong style="text-align:center">ok</strong>', '<strong>ok</strong>'],
    ['an html comment', '<!-- <script>alert(1)</script> --><p>ok</p>', '<p>ok</p>'],
    ['a base element', '<base href="https://evil/"><p>ok</p>', '<p>ok</p>'],
    ['a table (structure dropped, text kept)', '<table><tr><td>cell</td></tr></table>', 'cell'],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(sanitizeNoteHtml(input)).toBe(expected);
  });

  it('escapes text that looks like markup instead of keeping it as markup', () => {
    const out = sanitizeNoteHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(out).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(out).not.toMatch(/<script/i);
  });

  it('turns other headings and blocks into the editor formats, so their lines stay apart', () => {
    expect(sanitizeNoteHtml('<h1>A</h1><div>B</div><blockquote>C</blockquote>')).toBe(
      '<h3>A</h3><p>B</p><p>C</p>',
    );
  });

  it('never lets an attribute other than a text-align style through, whatever the input', () => {
    const hostile = [
      '<p style="text-align:center" onclick="x">a</p>',
      '<h3 style="text-align:left" onfocus="x" tabindex="1" autofocus>a</h3>',
      '<li style="text-align:right" onclick="x">a</li>',
      '<u title="x" style="x">a</u>',
    ].join('');
    const out = sanitizeNoteHtml(hostile);
    const attributes = [...out.matchAll(/<\w+\s+([^>]*)>/g)].map((m) => m[1]);
    for (const attr of attributes) expect(attr).toMatch(/^style="text-align:(left|center|right|justify)"$/);
  });
});

describe('noteHtmlToText', () => {
  it('gives one line per paragraph, heading, list item and line break, with entities decoded', () => {
    const html = sanitizeNoteHtml(
      '<h3>Follow-up plan</h3><p>Tom &amp; Jerry &lt;b&gt;  spaced\n out</p><ul><li><p>one</p></li><li><p>two</p></li></ul><p>a<br>b</p><p> </p>',
    );
    expect(noteHtmlToText(html)).toBe('Follow-up plan\nTom & Jerry <b> spaced out\none\ntwo\na\nb');
  });

  it('is empty for markup without text', () => {
    expect(noteHtmlToText(sanitizeNoteHtml('<p> </p><p><br></p><script>alert(1)</script>'))).toBe('');
  });
});

describe('textToNoteHtml', () => {
  it('makes escaped paragraphs of plain text lines', () => {
    expect(textToNoteHtml('Line <one> & more\n\n  two ')).toBe(
      '<p>Line &lt;one&gt; &amp; more</p><p>two</p>',
    );
  });
});
