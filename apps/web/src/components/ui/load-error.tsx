import { Button } from './button';
import { Card } from './card';

/** A list or panel that failed to load: what failed, announced, and a way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card className="border-red-200 bg-red-50 p-6 text-center">
      <p role="alert" className="font-medium text-red-700">
        {message}
      </p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try Again
      </Button>
    </Card>
  );
}
