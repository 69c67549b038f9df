import { refreshPlannerStats } from '../../db/queries/database.ts';
import type { Job } from './job.ts';

/** At start and every 6 hours: the planner's statistics follow the library as it grows. */
export const plannerStatsJob: Job = {
  name: 'planner-stats',
  everyMs: 6 * 60 * 60 * 1000,
  run({ db }) {
    refreshPlannerStats(db);
  },
};
