// A one-page PDF of plain text lines (Helvetica), for documents the sandbox makes itself (the CAM summary).

const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (m) => `\\${m}`);

/** A valid single-page A4 PDF showing `lines` top-down; non-ASCII characters become '?'. */
export function textPdf(lines: readonly string[], title = 'Document'): Uint8Array {
  const body = lines
    .slice(0, 60)
    .map((l, i) => `BT /F1 ${i === 0 ? 14 : 10} Tf 50 ${790 - i * 14} Td (${ascii(l)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    `<< /Title (${ascii(title)}) /Producer (Sandbox API) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
