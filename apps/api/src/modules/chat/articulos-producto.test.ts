import { describe, expect, it } from 'vitest';
import { preguntaDeRegla, responderConArticulos } from './asistente.ts';

/**
 * The technical chat answers questions about Radica's own features with their articles and cites a rule of the
 * catalogue only when the question is about a rule (a new user asked how to invite a colleague and got RVC062, hospital
 * discharge; «editor de RIPS» got RVC001).
 */
const ids = (pregunta: string) => responderConArticulos(pregunta, 'technical').articulos.map((a) => a.id);

describe('questions about the product get its articles, never a rule', () => {
  it.each([
    ['¿Cómo invito a otro usuario a mi empresa?', 'usuarios-roles'],
    ['¿Cómo invito a otro usuario…?', 'usuarios-roles'],
    ['editor de RIPS', 'editor-rips'],
    ['qué roles hay y qué puede hacer un facturador', 'usuarios-roles'],
    ['como quito a un usuario de la cuenta', 'usuarios-roles'],
    ['¿Cómo creo un RIPS nuevo en el editor?', 'editor-rips'],
    ['como deshago si borré un usuario del rips', 'editor-rips'],
    ['puedo subir los rips desde un excel?', 'hojas-rips'],
    ['descargar la plantilla csv', 'hojas-rips'],
    ['donde veo los pacientes', 'pacientes'],
    ['como importo pacientes', 'pacientes'],
    ['como agrego un medicamento al catalogo', 'medicamentos'],
    ['¿Puedo consultar mis facturas por WhatsApp?', 'whatsapp'],
    ['como vinculo mi celular', 'whatsapp'],
    ['envío asíncrono por la api sin esperar', 'envio-asincrono'],
    ['qué es enviar=async', 'envio-asincrono'],
    ['¿hasta cuándo está vigente mi plan?', 'mi-plan'],
    ['donde veo mis pagos del plan', 'mi-plan'],
  ])('%s → %s', (pregunta, articulo) => {
    const found = ids(pregunta);
    expect(found[0]).toBe(articulo);
    expect(found.some((id) => id.startsWith('regla-')), `a rule cited for «${pregunta}»: ${found.join(', ')}`).toBe(false);
  });

  it('links each feature to its screen in the app', () => {
    expect(responderConArticulos('¿Cómo invito a otro usuario a mi empresa?', 'technical').output).toContain('[Ir a Configuración › Usuarios](/settings?tab=usuarios)');
    expect(responderConArticulos('editor de RIPS', 'technical').output).toContain('(/listado-rips)');
  });
});

describe('a question about a rule still gets the rule', () => {
  it.each([
    ['¿qué significa RVC062?', 'regla-rvc062'],
    ['me salió el error RVC001', 'regla-rvc001'],
  ])('%s → %s', (pregunta, articulo) => {
    expect(ids(pregunta)[0]).toBe(articulo);
  });

  it('rule words open the rules to the search; product words do not', () => {
    expect(preguntaDeRegla('me rechazaron la factura por la fecha de egreso')).toBe(true);
    expect(preguntaDeRegla('qué error me sale en el campo codPrestador')).toBe(true);
    expect(preguntaDeRegla('¿Cómo invito a otro usuario?')).toBe(false);
    expect(preguntaDeRegla('editor de RIPS')).toBe(false);
    const rechazo = ids('me rechazaron por la fecha de egreso anterior al ingreso en hospitalización');
    expect(rechazo.some((id) => id.startsWith('regla-'))).toBe(true);
  });
});
