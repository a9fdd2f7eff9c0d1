import { ArrowLeft, Compass, Home } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { usePageTitle } from '@/components/use-page-title';
import { useGoBack } from '@/lib/use-go-back';
import { paths } from '@/lib/paths';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  const goBack = useGoBack();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 py-10 text-center">
      <p className="text-7xl font-extrabold text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight">Page Not Found</h1>
      <p className="text-muted">The page you are looking for does not exist or was moved.</p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Link to={paths.home()} className={buttonVariants({ variant: 'primary' })}>
          <Home size={18} aria-hidden="true" /> Back to Home
        </Link>
        <Link to={paths.explore()} className={buttonVariants({ variant: 'outline' })}>
          <Compass size={18} aria-hidden="true" /> Explore Articles
        </Link>
        <Button variant="outline" onClick={goBack}>
          <ArrowLeft size={18} aria-hidden="true" /> Go Back
        </Button>
      </div>
    </div>
  );
}
