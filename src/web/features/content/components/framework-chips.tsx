import { Link } from 'react-router';

export function FrameworkChips({ frameworks }: { frameworks: readonly { slug: string; name: string; urlPath: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-3">
      {frameworks.map((framework) => (
        <li key={framework.slug}>
          <Link
            to={framework.urlPath}
            className="inline-flex items-center rounded-full border border-border bg-card px-4 py-2 text-sm font-medium shadow-sm transition-colors hover:border-primary hover:text-primary"
          >
            {framework.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
