/** One file shown in a PreviewCard: an object URL or a server file_url. */
export type FilePreview = { id: string; name: string; type: string; url: string };

export const isImagePreview = (p: FilePreview) => p.type.startsWith('image/');
export const isPdfPreview = (p: FilePreview) => p.type === 'application/pdf' || /\.pdf$/i.test(p.name);
