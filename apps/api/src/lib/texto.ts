/**
 * Text from outside (e-mail headers, attachment and ZIP entry names) made safe to store and show:
 * every C0/C1 control character (NUL included, which PostgreSQL refuses in text and jsonb) becomes `reemplazo`, the
 * result is cut to `max` UTF-16 units, and lone surrogates (jsonb refuses them too; a cut can make one) become U+FFFD.
 */
export function sinControles(texto: string, reemplazo = '_', max = Infinity): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const limpio = texto.replace(/[\u0000-\u001f\u007f-\u009f]/g, reemplazo);
  return (limpio.length > max ? limpio.slice(0, max) : limpio).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
