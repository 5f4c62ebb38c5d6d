import { type ReactNode, useCallback, useState } from 'react';
import { type Problem, toProblem } from '../api/problem.ts';
import { useScopes } from '../session.tsx';
import { Notice, ProblemAlert, SecretOnce } from './feedback.tsx';
import { ActionDialog, type FieldSpec, type FormValues } from './forms.tsx';

/** What an action reports: a message, and a secret the platform shows only once. */
export type ActionOutcome = string | { message: string; secret?: { label: string; value: string } } | void;

/** An action on a record (`Arg` = the row) or on a page (`Arg` = void), shown only with its scope. */
export interface ActionSpec<Arg> {
  label: string;
  /** The scope its mutation requires; without it the action is not shown at all. */
  scope?: string;
  /** Shown for this record only when it applies (an order's status allows it). */
  when?: (arg: Arg) => boolean;
  /** Inputs asked in a dialog first. */
  fields?: FieldSpec[] | ((arg: Arg) => FieldSpec[]);
  /** A confirmation asked first (destructive actions). */
  confirm?: string | ((arg: Arg) => string);
  run: (arg: Arg, values: FormValues) => Promise<ActionOutcome>;
}

interface Pending<Arg> {
  action: ActionSpec<Arg>;
  arg: Arg;
  title: string;
}

/**
 * Runs actions: opens the dialog an action asks for, runs it, and holds its outcome (a status
 * message, a secret shown once, or the platform's problem) for `outcome` to render.
 */
export function useActionRunner(onDone?: () => void, current: ActionSpec<never>[] = []) {
  const scopes = useScopes();
  const [pending, setPending] = useState<Pending<unknown> | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [secret, setSecret] = useState<{ label: string; value: string } | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();

  const allowed = useCallback(<Arg,>(action: ActionSpec<Arg>, arg: Arg) => (!action.scope || scopes.includes(action.scope)) && (!action.when || action.when(arg)), [scopes]);

  const finish = useCallback(
    (outcome: ActionOutcome) => {
      if (typeof outcome === 'string') setMessage(outcome);
      else if (outcome) {
        setMessage(outcome.message);
        setSecret(outcome.secret);
      } else setMessage('Done.');
      onDone?.();
    },
    [onDone],
  );

  const start = useCallback(
    async <Arg,>(action: ActionSpec<Arg>, arg: Arg, title: string) => {
      setMessage(undefined);
      setProblem(undefined);
      setSecret(undefined);
      const fields = typeof action.fields === 'function' ? action.fields(arg) : action.fields;
      if ((fields && fields.length > 0) || action.confirm) {
        setPending({ action: action as ActionSpec<unknown>, arg, title });
        return;
      }
      try {
        finish(await action.run(arg, {}));
      } catch (error) {
        setProblem(toProblem(error));
      }
    },
    [finish],
  );

  let dialog: ReactNode = null;
  if (pending) {
    const { arg, title } = pending;
    // The action as configured now: its options may have loaded since the dialog opened (roles, warehouses).
    const action = (current.find((candidate) => candidate.label === pending.action.label) as ActionSpec<unknown> | undefined) ?? pending.action;
    const fields = (typeof action.fields === 'function' ? action.fields(arg) : action.fields) ?? [];
    const confirm = typeof action.confirm === 'function' ? action.confirm(arg) : action.confirm;
    dialog = (
      <ActionDialog
        title={title}
        description={confirm}
        fields={fields}
        submitLabel={action.label}
        onClose={() => setPending(undefined)}
        onSubmit={async (values) => {
          const outcome = await action.run(arg, values);
          setPending(undefined);
          finish(outcome);
        }}
      />
    );
  }

  const outcome = (
    <>
      {dialog}
      <ProblemAlert problem={problem} onDismiss={() => setProblem(undefined)} />
      <Notice>{message}</Notice>
      {secret && <SecretOnce label={secret.label} value={secret.value} onDone={() => setSecret(undefined)} />}
    </>
  );
  return { allowed, start, outcome };
}

/** Buttons for page-level actions (create, publish, start ...) with their dialogs and outcomes. */
export function ActionBar({ actions, onDone }: { actions: ActionSpec<void>[]; onDone?: () => void }) {
  const runner = useActionRunner(onDone, actions as ActionSpec<never>[]);
  const shown = actions.filter((action) => runner.allowed(action, undefined));
  if (shown.length === 0) return null;
  return (
    <div className="action-bar">
      <div className="button-row">
        {shown.map((action) => (
          <button key={action.label} type="button" onClick={() => void runner.start(action, undefined, action.label)}>
            {action.label}
          </button>
        ))}
      </div>
      {runner.outcome}
    </div>
  );
}
