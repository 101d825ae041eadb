// @ts-check
/**
 * Whether pi-lean may read the project's `.pi/pi-lean.json`. Pi reports a folder as trusted
 * when it holds none of Pi's own protected resources (there is nothing for Pi to protect), and
 * no one was asked. Honouring our file on that vacuous trust would let any cloned repository
 * rewrite the skill policy, so pi-lean requires a real decision: Pi trusts the project, and
 * either Pi had to decide (the project has protected resources), the user saved a trust
 * decision (`/trust`), or the command line approved it (`--approve`).
 */
import { piHost } from "./pi-host.js";

/**
 * @param {{ cwd: string, isProjectTrusted: () => boolean }} ctx
 * @param {string} agentDir
 * @param {readonly string[]} [argv]
 */
export function projectConfigTrusted(ctx, agentDir, argv = process.argv) {
  if (!ctx.isProjectTrusted()) return false;
  if (argv.includes("--approve") || argv.includes("-a")) return true;
  const { hasTrustRequiringProjectResources, ProjectTrustStore } = piHost();
  try {
    if (hasTrustRequiringProjectResources(ctx.cwd)) return true;
    return new ProjectTrustStore(agentDir).get(ctx.cwd) === true;
  } catch {
    // An unreadable trust store is no decision: fail closed.
    return false;
  }
}
