/** Query keys of agent plans: everything under `agent-plans`, next to fan payments' `fan-payments`. */
export const agentPlanKeys = {
  all: ['agent-plans'] as const,
  plans: ['agent-plans', 'plans'] as const,
  current: ['agent-plans', 'current'] as const,
  currentFor: (userId: string | undefined) => ['agent-plans', 'current', userId] as const,
};
