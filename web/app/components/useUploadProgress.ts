import { useCallback, useState } from 'react';

export type UploadState = { status: 'idle' } | { status: 'uploading'; percent: number } | { status: 'failed'; message: string } | { status: 'done' };

/**
 * Posts a form with its file to a portal route while reporting progress (fetch cannot report
 * upload progress, XMLHttpRequest can). The route answers JSON: `{ ok: true }` or `{ error }`.
 */
export const useUploadProgress = (fallbackError: string) => {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const upload = useCallback(
    (action: string, body: FormData) =>
      new Promise<boolean>((resolve) => {
        const request = new XMLHttpRequest();
        request.open('POST', action);
        request.setRequestHeader('Accept', 'application/json');
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) setState({ status: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
        };
        request.onload = () => {
          let answer: { ok?: boolean; error?: string } = {};
          try {
            answer = JSON.parse(request.responseText);
          } catch {
            // not JSON: a failure
          }
          if (request.status >= 200 && request.status < 300 && answer.ok) {
            setState({ status: 'done' });
            resolve(true);
          } else {
            setState({ status: 'failed', message: answer.error ?? fallbackError });
            resolve(false);
          }
        };
        request.onerror = () => {
          setState({ status: 'failed', message: fallbackError });
          resolve(false);
        };
        setState({ status: 'uploading', percent: 0 });
        request.send(body);
      }),
    [fallbackError],
  );
  return { state, upload, reset: () => setState({ status: 'idle' }) };
};
