import Typography from '@mui/joy/Typography';

/** A form's answer under its button: the api's refusal (an alert) or what was done (a status). */
export function FormNotice({ state }: { state?: { saved?: string | boolean; formError?: string } }) {
  if (state?.formError)
    return (
      <Typography role="alert" level="body-sm" color="danger">
        {state.formError}
      </Typography>
    );
  return (
    <Typography role="status" level="body-sm" color="success">
      {typeof state?.saved === 'string' ? state.saved : state?.saved ? 'Saved' : ''}
    </Typography>
  );
}
