// npm run simulate: realistic traffic through a running server's S2S API (simulator.ts).
import { parseSimulateArgs, SIMULATE_USAGE } from './simulate-args.js';
import { formatSummary } from './simulation-summary.js';
import { runSimulation } from './simulator.js';

async function main(): Promise<number> {
  let args: ReturnType<typeof parseSimulateArgs>;
  try {
    args = parseSimulateArgs(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${SIMULATE_USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(SIMULATE_USAGE);
    return 0;
  }
  try {
    const summary = await runSimulation(args);
    console.log(`\n${formatSummary(summary)}`);
    return summary.failed > 0 ? 1 : 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await main();
