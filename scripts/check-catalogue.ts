import { catalogueProblems, leafRequirements, loadCatalogue } from '../src/server/modules/frameworks/catalogue-files.ts';

/**
 * Checks the catalogue's data files (data/catalogue) and prints what is wrong, for whoever edits them:
 * `npm exec -- node scripts/check-catalogue.ts [framework ids…]` limits the report to those frameworks
 * (and leaves out "control mapped to no requirement", which only the whole set can decide).
 */
const only = process.argv.slice(2);
const catalogue = loadCatalogue();
const problems = catalogueProblems(catalogue).filter((problem) => only.length === 0 || only.some((id) => problem.startsWith(`${id} `)));
for (const framework of catalogue.frameworks) {
  if (only.length > 0 && !only.includes(framework.id)) continue;
  console.log(`${framework.id}: ${framework.requirements.length} requirements, ${leafRequirements(framework).length} leaves`);
}
for (const problem of problems) console.log(`  ✗ ${problem}`);
console.log(problems.length === 0 ? 'No problems.' : `${problems.length} problems.`);
process.exitCode = problems.length === 0 ? 0 : 1;
