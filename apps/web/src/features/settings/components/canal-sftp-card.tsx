/** Settings › Canales › sftp card (issue 16): built by the sftp-channel work; renders nothing until then. */
export function CanalSftpCard() {
  return null;
}
