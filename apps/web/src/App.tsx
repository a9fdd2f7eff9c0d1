import { CATEGORIES } from '@lede/shared';
import { useApiStatus, type ApiStatus } from './api-status';

const STATUS_TEXT: Record<ApiStatus, string> = {
  checking: 'checking…',
  ok: 'ok',
  unavailable: 'unavailable',
};

export function App() {
  const status = useApiStatus();
  return (
    <div className="page">
      <header className="brand">
        <span className="logo" aria-hidden="true">
          L
        </span>
        <span className="name">Lede</span>
      </header>

      <main>
        <h1>Discover News That Matters—To You</h1>
        <p className="lead">
          Lede is a personalised news reader: pick the topics you care about and get a feed that
          learns from what you read. The full reader is on its way.
        </p>

        <p className={`status status-${status}`} role="status" aria-live="polite">
          API status: {STATUS_TEXT[status]}
        </p>

        <section aria-labelledby="topics">
          <h2 id="topics">{CATEGORIES.length} topics to follow</h2>
          <ul className="topics">
            {CATEGORIES.map((c) => (
              <li key={c.id} title={c.description}>
                <span aria-hidden="true">{c.emoji}</span> {c.label}
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer>
        <p>
          News data: &quot;News Category Dataset&quot; by Rishabh Misra (2022),{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license noreferrer">
            CC BY 4.0
          </a>
        </p>
      </footer>
    </div>
  );
}
