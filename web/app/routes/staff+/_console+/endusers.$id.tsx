import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import Stack from "@mui/joy/Stack";
import Table from "@mui/joy/Table";
import Typography from "@mui/joy/Typography";
import { ApiError, callApi, formErrorMessage, refusedPage } from "../../../api.server";
import { FormError } from "../../../components/AuthScreen";
import { staffAbilities } from "../../../staff/permissions.server";
import { requireStaff } from "../../../staff/session.server";
import { enduserTimeline } from "../../../staff/timeline.server";
import { isTimeZone } from "@carelane/automation";
import { formatIn, staffAndPatientTime } from "../../../time/format";
import { staffTimeZone } from "../../../time/viewer-zone.server";
import { useLiveRevalidation } from "../../../live/useLiveStream";
import { retriedStatusLabel, RetryStepButton } from "../../../staff/RetryStepButton";
import { retryStep, type RetryResult } from "../../../staff/retry-step.server";

export { RouteErrorBoundary as ErrorBoundary } from "../../../components/RouteErrorBoundary";

export const meta: MetaFunction<typeof loader> = ({ data: view }) => [
  { title: `${view ? enduserName(view.enduser) : "Enduser"} · Staff console` },
];

/** The patient's name as the list shows it (the list no longer exports its helper). */
const enduserName = (enduser: Pick<Enduser, "fname" | "lname" | "email" | "id">) =>
  [enduser.fname, enduser.lname].filter(Boolean).join(" ") || enduser.email || enduser.id;

interface Enduser {
  id: string;
  fname?: string;
  lname?: string;
  email?: string;
  phone?: string;
  journeys?: Record<string, string>;
  timezone?: string;
}

/** The API's statuses, as staff read them: 'active' is a step still waiting to run. */
const STATUS_LABEL: Record<string, string> = {
  active: "pending",
  finished: "finished",
  cancelled: "cancelled",
  error: "error",
};
const STATUS_COLOR = {
  active: "primary",
  finished: "success",
  cancelled: "neutral",
  error: "danger",
  // Appointments
  upcoming: "primary",
  past: "neutral",
  rescheduled: "warning",
} as const;

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const id = params.id ?? "";
  let enduser: Enduser;
  try {
    enduser = await callApi<Enduser>(`/v1/enduser/${encodeURIComponent(id)}`, {
      authToken,
    });
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.status === 404 || error.status === 400)
    )
      throw new Response("Not found", { status: 404 });
    throw refusedPage(error);
  }
  const [journeys, abilities] = await Promise.all([
    callApi<{ id: string; title: string }[]>("/v1/journeys", {
      authToken,
      query: { limit: "1000" },
    }),
    staffAbilities(authToken, user),
  ]);
  const titles = new Map(
    journeys.map((journey) => [journey.id, journey.title])
  );
  const timeline = await enduserTimeline(
    authToken,
    user.businessId ?? "",
    id,
    titles
  );
  const zone = staffTimeZone(request, user);
  const pendingByJourney = new Map<string, number>();
  for (const entry of timeline)
    if (entry.status === "active" && entry.journeyId)
      pendingByJourney.set(
        entry.journeyId,
        (pendingByJourney.get(entry.journeyId) ?? 0) + 1
      );
  return {
    enduser: {
      id: enduser.id,
      fname: enduser.fname,
      lname: enduser.lname,
      email: enduser.email,
      phone: enduser.phone,
    },
    journeys: Object.entries(enduser.journeys ?? {}).map(
      ([journeyId, state]) => ({
        journeyId,
        title: titles.get(journeyId) ?? journeyId,
        state,
        pending: pendingByJourney.get(journeyId) ?? 0,
      })
    ),
    // On the staff member's clock; an appointment with the patient's own beside it when it differs.
    timeline: timeline.map((entry) => ({
      ...entry,
      when: !entry.at
        ? "now"
        : entry.kind === "Appointment"
          ? staffAndPatientTime(entry.at, zone, isTimeZone(enduser.timezone) ? enduser.timezone : undefined, "dateTime")
          : formatIn(entry.at, zone, "dateTime"),
    })),
    canCancel: abilities.can("automated_actions", "update"),
  };
};

const cancelAction = (authToken: string, actionId: string) =>
  callApi(`/v1/automated-action/${encodeURIComponent(actionId)}`, {
    method: "PATCH",
    authToken,
    body: { updates: { status: "cancelled" } },
  });

/**
 * Cancels one pending step, or every pending step of one journey for this enduser: the API marks
 * each cancelled and its workflow then sends nothing for it.
 */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const form = await request.formData();
  if (form.get("intent") === "retry")
    return data({
      formError: undefined as string | undefined,
      ...(await retryStep(authToken, String(form.get("actionId") ?? ""))),
    });
  try {
    const journeyId = String(form.get("journeyId") ?? "");
    if (journeyId) {
      const filter = JSON.stringify({
        enduserId: params.id ?? "",
        journeyId,
        status: "active",
      });
      const pending = await callApi<{ id: string }[]>("/v1/automated-actions", {
        authToken,
        query: { filter, limit: "1000" },
      });
      for (const step of pending) await cancelAction(authToken, step.id);
    } else {
      await cancelAction(authToken, String(form.get("actionId") ?? ""));
    }
    return data({ formError: undefined as string | undefined });
  } catch (error) {
    return data({ formError: formErrorMessage(error) as string | undefined });
  }
};

export default function EnduserPage() {
  const { enduser, journeys, timeline, canCancel } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const live = useLiveRevalidation(`/staff/endusers/${enduser.id}/events`);
  return (
    <Stack gap={2}>
      <Link to="/staff/endusers">All endusers</Link>
      <Typography level="h2" component="h1">
        {enduserName(enduser)}
      </Typography>
      <Typography level="body-sm">
        {[enduser.email, enduser.phone].filter(Boolean).join(" · ")}
      </Typography>
      <FormError message={result?.formError ?? (result as RetryResult | undefined)?.retryError} />
      <Card
        variant="outlined"
        component="section"
        aria-labelledby="enduser-journeys"
        sx={{ overflowX: "auto" }}
      >
        <Typography level="title-lg" component="h2" id="enduser-journeys">
          Journeys
        </Typography>
        {journeys.length === 0 ? (
          <Typography>Not in any journey.</Typography>
        ) : (
          <Table size="sm" aria-label="Journeys and states">
            <thead>
              <tr>
                <th>Journey</th>
                <th>State</th>
                <th>Pending steps</th>
              </tr>
            </thead>
            <tbody>
              {journeys.map((journey) => (
                <tr key={journey.journeyId}>
                  <td>{journey.title}</td>
                  <td>{journey.state}</td>
                  <td>
                    <Stack
                      direction="row"
                      flexWrap="wrap"
                      alignItems="center"
                      gap={1}
                    >
                      <span>{journey.pending}</span>
                      {canCancel && journey.pending > 0 && (
                        <Form method="post">
                          <input
                            type="hidden"
                            name="journeyId"
                            value={journey.journeyId}
                          />
                          <Button
                            type="submit"
                            size="sm"
                            variant="plain"
                            color="danger"
                            aria-label={`Cancel all pending steps of ${journey.title}`}
                          >
                            Cancel all
                          </Button>
                        </Form>
                      )}
                    </Stack>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Card
        variant="outlined"
        component="section"
        aria-labelledby="enduser-timeline"
        sx={{ overflowX: "auto" }}
      >
        <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap">
          <Typography level="title-lg" component="h2" id="enduser-timeline">
            Timeline
          </Typography>
          <Chip
            size="sm"
            variant="outlined"
            color={live ? "success" : "neutral"}
            data-live={live ? "on" : "off"}
          >
            {live ? "Live" : "Not live"}
          </Chip>
        </Stack>
        {timeline.length === 0 ? (
          <Typography>Nothing yet.</Typography>
        ) : (
          <Table
            size="sm"
            aria-label="Timeline"
            sx={{
              "& td": { overflowWrap: "break-word" },
              "& th:first-of-type": { width: { xs: 96, sm: 180 } },
              "& th:last-of-type": { width: { xs: 96, sm: 200 } },
            }}
          >
            <thead>
              <tr>
                <th>When</th>
                <th>What</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {timeline.map((entry) => (
                <tr key={entry.key}>
                  <td>{entry.when}</td>
                  <td>
                    <Typography
                      level="body-xs"
                      fontWeight="lg"
                      component="span"
                      sx={{ display: "block" }}
                    >
                      {entry.kind}
                    </Typography>
                    {entry.journey ? `${entry.journey}: ` : ""}
                    {entry.summary}
                    {entry.error && (
                      <Typography
                        level="body-xs"
                        color="danger"
                        component="span"
                        sx={{ display: "block" }}
                      >
                        {entry.error}
                      </Typography>
                    )}
                    {entry.workflowUrl && (
                      <>
                        {" "}
                        <a
                          href={entry.workflowUrl}
                          target="_blank"
                          rel="noreferrer"
                        >
                          Workflow
                          <span
                            style={{
                              position: "absolute",
                              width: 1,
                              height: 1,
                              overflow: "hidden",
                              clip: "rect(0 0 0 0)",
                            }}
                          >
                            {" "}
                            of {entry.summary} in Temporal
                          </span>
                        </a>
                      </>
                    )}
                  </td>
                  <td>
                    <Stack
                      direction="row"
                      flexWrap="wrap"
                      alignItems="center"
                      gap={1}
                    >
                      {entry.status && (
                        <Chip
                          size="sm"
                          variant="soft"
                          color={
                            STATUS_COLOR[
                              entry.status as keyof typeof STATUS_COLOR
                            ] ?? "neutral"
                          }
                        >
                          {retriedStatusLabel(entry.status, entry.retries) ??
                            STATUS_LABEL[entry.status] ??
                            entry.status}
                        </Chip>
                      )}
                      {canCancel &&
                        entry.status === "error" &&
                        entry.retryable &&
                        entry.actionId && (
                          <RetryStepButton
                            actionId={entry.actionId}
                            label={`${entry.summary.split(": ").at(-1)} of ${
                              entry.journey
                            }`}
                          />
                        )}
                      {canCancel &&
                        entry.status === "active" &&
                        entry.actionId && (
                          <Form method="post">
                            <input
                              type="hidden"
                              name="actionId"
                              value={entry.actionId}
                            />
                            <Button
                              type="submit"
                              size="sm"
                              variant="outlined"
                              color="danger"
                              aria-label={`Cancel ${
                                entry.summary.split(": ").at(-1)
                              } of ${entry.journey}`}
                            >
                              Cancel
                            </Button>
                          </Form>
                        )}
                    </Stack>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
