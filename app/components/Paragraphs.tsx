/** Text split into paragraphs at blank lines; single line breaks are kept (docs/product.md, 'Screens and routes'). */
export function Paragraphs({ text, fallback }: { text: string; fallback: string }) {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="empty-text">{fallback}</p>;
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="preserve-lines">
          {paragraph}
        </p>
      ))}
    </>
  );
}
