import { ApiError } from '@platform/errors';

/**
 * A record's lifecycle: which action takes it from which statuses to which status. Transitions
 * are explicit actions (`POST /v1/crm/orders/{id}/confirm`); anything else is refused with
 * `invalid_transition`, naming the current status and the actions it allows.
 */
export function defineLifecycle<Status extends string, Action extends string>(noun: string, transitions: Record<Action, { from: readonly Status[]; to: Status }>) {
  const actions = Object.keys(transitions) as Action[];
  return {
    /** Actions allowed from a status, in declaration order. */
    allowedActions(status: Status): Action[] {
      return actions.filter((action) => transitions[action].from.includes(status));
    },
    /** The status `action` leads to from `current`, or the `invalid_transition` error. */
    transition(action: Action, current: Status): Status {
      const rule = transitions[action];
      if (!rule.from.includes(current)) {
        const allowed = this.allowedActions(current);
        throw new ApiError('invalid_transition', `Cannot ${action} ${noun} that is ${current}${allowed.length > 0 ? `; allowed: ${allowed.join(', ')}` : '; it allows no further action'}.`, {
          current_status: current,
          allowed_actions: allowed,
        });
      }
      return rule.to;
    },
  };
}
