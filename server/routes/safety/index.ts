import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountDataService } from '../../services/safety/account-data.service.ts';
import type { BlocksService } from '../../services/safety/blocks.service.ts';
import type { EmailChangeService } from '../../services/safety/email-change.service.ts';
import type { ReportsService } from '../../services/safety/reports.service.ts';
import type { SupportService } from '../../services/safety/support.service.ts';
import accountDataRoutes from './account-data.ts';
import blockRoutes from './blocks.ts';
import emailChangeRoutes from './email-change.ts';
import reportRoutes from './reports.ts';
import supportRoutes from './support.ts';

const safetyRoutes: FastifyPluginAsyncZod<{
  blocks: BlocksService;
  reports: ReportsService;
  accountData: AccountDataService;
  support: SupportService;
  emailChange: EmailChangeService;
}> = async (app, { blocks, reports, accountData, support, emailChange }) => {
  await app.register(blockRoutes, { blocks });
  await app.register(reportRoutes, { reports });
  await app.register(accountDataRoutes, { accountData });
  await app.register(supportRoutes, { support });
  await app.register(emailChangeRoutes, { emailChange });
};

export default safetyRoutes;
