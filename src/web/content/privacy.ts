import { identity } from './identity.ts';

/**
 * The privacy notice (aviso de privacidad integral) required by the Ley Federal de Protección de Datos
 * Personales en Posesión de los Particulares (published 20 March 2025). Text in square brackets is a
 * placeholder the association must fill in before going live.
 */
export const privacyNotice = {
  title: 'Aviso de privacidad',
  updated: '3 de diciembre de 2026',
  intro:
    `${identity.name} (“la Asociación”) protege los datos personales que nos confías. Este aviso explica qué ` +
    'datos recabamos a través de este sitio, para qué los usamos, con quién los compartimos y cómo puedes ' +
    'ejercer tus derechos.',
  sections: [
    {
      heading: '1. Responsable de tus datos',
      paragraphs: [
        `${identity.name}, asociación civil, con domicilio en [calle, número, colonia, código postal], ` +
          `${identity.city}, es responsable del tratamiento de tus datos personales.`,
        `Para cualquier asunto relacionado con este aviso escríbenos a ${identity.emails.general}.`,
      ],
    },
    {
      heading: '2. Datos que recabamos',
      paragraphs: [
        'Cuando llenas el formulario de contacto o la solicitud de membresía recabamos: nombre completo, ' +
          'empresa u organización, puesto, correo electrónico, número de teléfono y, en la solicitud de ' +
          'membresía, el tipo de membresía que te interesa (Individual, Corporativa o Estudiantil).',
        'No recabamos datos personales sensibles ni datos financieros. Este sitio no ofrece pagos en línea.',
      ],
    },
    {
      heading: '3. Finalidades necesarias',
      paragraphs: ['Usamos tus datos para las siguientes finalidades, necesarias para atender tu solicitud:'],
      list: [
        'responder tu mensaje o tu solicitud de membresía;',
        'evaluar tu solicitud y, en su caso, darte de alta como socia y administrar tu membresía;',
        'enviarte la confirmación de que recibimos tu solicitud.',
      ],
    },
    {
      heading: '4. Finalidades voluntarias',
      paragraphs: [
        'Con tu consentimiento, también podemos usar tus datos para invitarte a eventos, talleres y ' +
          'programas de mentoría, enviarte nuestro boletín y elaborar estadísticas sobre la participación de ' +
          'las mujeres en el sector. Estas finalidades no son necesarias: puedes negarte en cualquier momento ' +
          `escribiendo a ${identity.emails.general} con el asunto “No deseo comunicaciones”, sin que eso afecte ` +
          'la atención de tu solicitud.',
        'Boletín: solo te lo enviamos si lo pides, con el formulario del pie de página o marcando la casilla ' +
          '“Quiero recibir el boletín” de los formularios, y después de que confirmes tu suscripción con el ' +
          'enlace que te enviamos por correo. Para él usamos tu correo electrónico y, si nos lo das, tu nombre; ' +
          'registramos cuándo lo confirmaste, desde qué formulario y con qué versión de este aviso. Puedes ' +
          'darte de baja en cualquier momento con el enlace “Darte de baja” de cada boletín, que funciona con ' +
          'un solo clic y sin iniciar sesión.',
      ],
    },
    {
      heading: '5. Con quién compartimos tus datos',
      paragraphs: [
        'No vendemos ni cedemos tus datos. Solo los compartimos con quienes nos prestan servicios de correo ' +
          'electrónico y alojamiento del sitio, que los tratan por nuestra cuenta y bajo nuestras instrucciones, ' +
          'y con autoridades cuando una ley lo exija.',
      ],
    },
    {
      heading: '6. Tus derechos ARCO y cómo ejercerlos',
      paragraphs: [
        'Tienes derecho a conocer qué datos tenemos de ti (Acceso), a corregirlos (Rectificación), a pedir que ' +
          'los eliminemos (Cancelación) y a oponerte a su uso para fines específicos (Oposición). También puedes ' +
          'revocar tu consentimiento o limitar el uso de tus datos.',
        `Envía tu solicitud a ${identity.emails.general} con: tu nombre y un medio para responderte; un documento ` +
          'que acredite tu identidad (o la de tu representante); la descripción clara de los datos y del derecho ' +
          'que quieres ejercer; y cualquier documento que ayude a localizarlos.',
        'Te responderemos en un plazo máximo de 20 días hábiles y, si la solicitud procede, la haremos efectiva ' +
          'dentro de los 15 días hábiles siguientes. La respuesta es gratuita.',
      ],
    },
    {
      heading: '7. Cuánto tiempo conservamos tus datos',
      paragraphs: [
        'Conservamos las solicitudes mientras las atendemos y durante el plazo que la Asociación tenga ' +
          'configurado para su archivo; después se eliminan. Los datos de las socias se conservan mientras dure ' +
          'la membresía y los plazos que marque la ley.',
        'La lista del boletín: una suscripción que no se confirma se borra a los 30 días; la de quien está ' +
          'suscrita se conserva mientras lo esté. Al darte de baja dejamos de enviarte el boletín al ' +
          'instante y solo guardamos tu correo con la fecha de la baja, para no volver a escribirte, hasta ' +
          'que pidas su cancelación.',
      ],
    },
    {
      heading: '8. Cookies',
      paragraphs: [
        'Este sitio solo usa cookies técnicas, necesarias para que los formularios sean seguros (protección ' +
          'contra solicitudes falsificadas) y para la sesión del equipo administrador. No usamos cookies de ' +
          'publicidad ni de rastreo.',
      ],
    },
    {
      heading: '9. Cambios a este aviso',
      paragraphs: [
        'Cualquier cambio a este aviso se publicará en esta misma página, con la fecha de su última ' +
          'actualización.',
      ],
    },
  ],
} as const;
