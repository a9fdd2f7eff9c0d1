export function Footer() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted">
        <p>
          News data: &quot;News Category Dataset&quot; by Rishabh Misra (2022),{' '}
          <a
            className="link"
            href="https://creativecommons.org/licenses/by/4.0/"
            rel="license noreferrer"
          >
            CC BY 4.0
          </a>
        </p>
      </div>
    </footer>
  );
}
