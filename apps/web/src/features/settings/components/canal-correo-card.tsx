/** Settings › Canales › correo card (issue 16): built by the correo-channel work; renders nothing until then. */
export function CanalCorreoCard() {
  return null;
}
