import { describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { documentDetail } from '../test/fixtures';
import {
  canSend,
  confirmContent,
  editorState,
  fileRef,
  sendHint,
  sendRejectedDetail,
  sendRejectedTitle,
  type TEditorActivity,
} from './document-editor';

const idle: TEditorActivity = { isSending: false, isUploadingAny: false, isMutating: false, isRedirecting: false };
const hallazgo = (clase: string) => ({
  id: 1,
  clase,
  codigo: 'RVG01',
  descripcion: 'x',
  observaciones: '',
  pathFuente: '',
  fuente: 'Local',
});

describe('sendHint (seed 001 §4)', () => {
  it('asks for the missing files first', () => {
    expect(sendHint(null)).toBe(MSG_MINISTERIO.sendHintNoFiles);
    expect(sendHint(documentDetail({ xml: false, json: false }))).toBe(MSG_MINISTERIO.sendHintNoFiles);
    expect(sendHint(documentDetail({ xml: false }))).toBe(MSG_MINISTERIO.sendHintNoXml);
    expect(sendHint(documentDetail({ json: false }))).toBe(MSG_MINISTERIO.sendHintNoJson);
  });

  it('explains the blocking status once both files are there', () => {
    expect(sendHint(documentDetail({ estado: 'APROBADO' }))).toBe(MSG.documentApprovedLocked);
    expect(sendHint(documentDetail({ estado: 'ANULADO' }))).toBe(MSG.documentCancelledLocked);
    expect(sendHint(documentDetail({ estado: 'ENPROCESO' }))).toBe(MSG.sendInProgress);
    expect(sendHint(documentDetail({ estado: 'PROCESADO', enviandose: true }))).toBe(MSG.sendInProgress);
  });

  it('has nothing to say about a sendable document', () => {
    expect(sendHint(documentDetail())).toBeNull();
    expect(sendHint(documentDetail({ estado: 'NO_APROBADO' }))).toBeNull();
  });
});

describe('canSend (seed 001 §4)', () => {
  it('needs both files and a status that allows it', () => {
    expect(canSend(documentDetail(), idle)).toBe(true);
    expect(canSend(documentDetail({ estado: 'NO_APROBADO' }), idle)).toBe(true);
    expect(canSend(null, idle)).toBe(false);
    expect(canSend(documentDetail({ xml: false }), idle)).toBe(false);
    expect(canSend(documentDetail({ json: false }), idle)).toBe(false);
    for (const estado of ['APROBADO', 'ANULADO', 'ENPROCESO'])
      expect(canSend(documentDetail({ estado }), idle), estado).toBe(false);
  });

  it('waits while anything else is under way', () => {
    expect(canSend(documentDetail({ enviandose: true }), idle)).toBe(false);
    for (const key of ['isSending', 'isUploadingAny', 'isMutating', 'isRedirecting'] as const)
      expect(canSend(documentDetail(), { ...idle, [key]: true }), key).toBe(false);
  });
});

describe('editorState', () => {
  it('locks the files of an accepted document and shows its notifications', () => {
    const state = editorState(documentDetail({ estado: 'APROBADO' }), idle);
    expect(state).toMatchObject({
      isApproved: true,
      isFilesLocked: true,
      isBusy: false,
      canSend: false,
      showNotifications: true,
      showErrors: false,
      hint: MSG.documentApprovedLocked,
    });
  });

  it('shows the errors of a rejected document, which can be sent again', () => {
    const state = editorState(documentDetail({ estado: 'NO_APROBADO' }), idle);
    expect(state).toMatchObject({ isRejected: true, showErrors: true, canSend: true, isFilesLocked: false });
  });

  it('locks everything while a send is queued, and hides the hint while this screen sends', () => {
    expect(editorState(documentDetail({ enviandose: true }), idle)).toMatchObject({
      isInFlight: true,
      isBusy: true,
      isFilesLocked: true,
    });
    expect(editorState(documentDetail(), { ...idle, isSending: true }).hint).toBeNull();
  });

  it('counts the local findings the ministry would reject', () => {
    const doc = documentDetail({
      prevalidacion: [hallazgo('RECHAZADO'), hallazgo('NOTIFICACION'), hallazgo('rechazado')],
    });
    expect(editorState(doc, idle).rechazadosLocales).toBe(2);
  });

  it('knows a new report (no document yet) has no file and cannot be sent', () => {
    expect(editorState(null, idle)).toMatchObject({
      hasAnyFile: false,
      canSend: false,
      showErrors: false,
      showNotifications: false,
      rechazadosLocales: 0,
    });
  });
});

describe('fileRef', () => {
  it('shows the stored file, a placeholder when only the flag is known, nothing for an empty slot', () => {
    expect(fileRef(documentDetail(), 'xml')).toEqual({ id: 1, nombre: 'A01E5687.xml', tamanoBytes: 32_000 });
    expect(fileRef(documentDetail({ archivoJson: null }), 'json')).toEqual({
      nombre: 'Archivo JSON',
      tamanoBytes: 0,
    });
    expect(fileRef(documentDetail({ archivoXml: null, xml: false }), 'xml')).toBeNull();
    expect(fileRef(null, 'json')).toBeNull();
  });
});

describe('sendRejectedTitle and confirmContent', () => {
  it('calls a rejection a rejection, with the error count only when there is one', () => {
    expect(sendRejectedTitle({ totalErrores: 0 })).toBe('El Ministerio rechazó el documento');
    expect(sendRejectedTitle({ totalErrores: 16 })).toBe('El Ministerio rechazó el documento: 16 errores');
    expect(sendRejectedTitle({ totalErrores: 1 })).toBe('El Ministerio rechazó el documento: 1 error');
  });

  it('never says the rejection twice: the server message shows only when it says something else', () => {
    expect(sendRejectedDetail({ totalErrores: 16, mensaje: MSG_MINISTERIO.rechazoMinisterio(16) })).toBeUndefined();
    expect(sendRejectedDetail({ totalErrores: 16, mensaje: MSG.sendRejected })).toBeUndefined();
    expect(sendRejectedDetail({ totalErrores: 0, mensaje: MSG_MINISTERIO.esperaAgotada(24) })).toBe(MSG_MINISTERIO.esperaAgotada(24));
  });

  it('names the file to remove and the number of findings before sending anyway', () => {
    expect(confirmContent({ kind: 'remove', fileKind: 'json' }, 0).title).toBe(
      MSG_MINISTERIO.removeFileTitle('JSON'),
    );
    const anyway = confirmContent({ kind: 'send-anyway', andSave: false }, 4);
    expect(anyway).toMatchObject({ tone: 'warning', confirmLabel: MSG_MINISTERIO.sendAnyway });
    expect(anyway.text).toBe(MSG_MINISTERIO.prevalidacionConfirmText(4));
    expect(confirmContent({ kind: 'cancel' }, 0).confirmLabel).toBe(MSG_MINISTERIO.cancelButton);
    expect(confirmContent({ kind: 'save-empty' }, 0).tone).toBe('error');
  });
});
