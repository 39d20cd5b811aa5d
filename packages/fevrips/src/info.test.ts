import { describe, expect, it } from 'vitest';
import { ZInfoFevRips } from '@radica/contracts/documents';
import { computeInfoFevRips } from './info.ts';
import { parseRipsJson } from './rips.ts';
import { parseFevXml } from './xml.ts';
import { SAMPLE, readSample } from '../test/samples.ts';

describe('computeInfoFevRips', () => {
  it('par1 pair: payable from the XML, services from the RIPS', () => {
    const info = computeInfoFevRips(
      parseFevXml(readSample(SAMPLE.par1Xml)),
      parseRipsJson(readSample(SAMPLE.par1Json)),
    );
    expect(info).toEqual({
      cantidadUsuarios: 4,
      cantidadAtenciones: 4,
      totalFactura: 1055600,
      totalValorServicios: 1120000,
      modalidadPago: '04',
      identificacionAdquiriente: '830003564',
    });
    expect(ZInfoFevRips.parse(info)).toEqual(info);
  });

  it('XML only (capita): totals from the XML, no users yet', () => {
    expect(computeInfoFevRips(parseFevXml(readSample(SAMPLE.capitaXml)), null)).toEqual({
      cantidadUsuarios: 0,
      cantidadAtenciones: 0,
      totalFactura: 36477272,
      totalValorServicios: 36477272,
      modalidadPago: '03',
      identificacionAdquiriente: '891280001',
    });
  });

  it('RIPS only (377 services): the RIPS total stands in for the invoice total', () => {
    expect(computeInfoFevRips(null, parseRipsJson(readSample(SAMPLE.grande377Json)))).toEqual({
      cantidadUsuarios: 1,
      cantidadAtenciones: 377,
      totalFactura: 58884073,
      totalValorServicios: 58884073,
      modalidadPago: null,
      identificacionAdquiriente: null,
    });
  });

  it('nothing uploaded', () => {
    expect(computeInfoFevRips(null, null)).toEqual({
      cantidadUsuarios: 0,
      cantidadAtenciones: 0,
      totalFactura: 0,
      totalValorServicios: 0,
      modalidadPago: null,
      identificacionAdquiriente: null,
    });
  });
});
