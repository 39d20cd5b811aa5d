/**
 * The acknowledgement mailed to whoever fills in the Business plan's contact form (minor). It repeats nothing
 * the visitor typed: the form is public, so a copy of free text would let anyone mail anything to any address.
 */
export const MSG_CONTACTO = {
  acuseAsunto: 'Recibimos tu solicitud del plan Business de Radica',
  acuseCuerpo: [
    'Recibimos tu solicitud de información sobre el plan Business de Radica.',
    'Nuestro equipo comercial te escribirá a este correo en un día hábil con una propuesta para tu institución.',
    'Si no llenaste el formulario de contacto en radica.co, ignora este mensaje: no volveremos a escribirte.',
  ],
  acuseDespedida: 'El equipo de Radica',
} as const;
