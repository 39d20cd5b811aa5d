import { parseFevXml } from '../packages/fevrips/src/xml.ts';
import { readSample, SAMPLE } from '../packages/fevrips/test/samples.ts';
for (const f of [SAMPLE.par1Xml, SAMPLE.par2Xml]) { const x = parseFevXml(readSample(f)); console.log(x.formato, x.cufe?.slice(0,10), x.nitObligado, x.totals, x.lineas.slice(0,20)); }
