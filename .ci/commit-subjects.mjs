// Checks the subjects of new commits against docs/development.md#commits: at most 72
// characters, then a blank line before any body.
//
//   node .ci/commit-subjects.mjs            commits since the convention began, up to HEAD
//   node .ci/commit-subjects.mjs A..B       the commits of a range (a push or a pull request)
//
// Commits before CONVENTION_SINCE keep their old subjects: history is not rewritten. In a
// shallow clone that lacks that commit, only HEAD is checked. Exits 1 on the first bad subject.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MAX_SUBJECT = 72;
/** The last commit before CI began checking subjects: older ones are history, left as they are. */
export const CONVENTION_SINCE = 'ea70aea2662aaff14fe417e1cfc263548cd5b899';

/** What is wrong with one commit message, or null. */
export function subjectProblem(message) {
  const [subject = '', second] = message.split('\n');
  if (subject.trim() === '') return 'the subject is empty';
  if ([...subject].length > MAX_SUBJECT) {
    return `the subject has ${[...subject].length} characters (at most ${MAX_SUBJECT})`;
  }
  if (second !== undefined && second.trim() !== '') return 'no blank line after the subject';
  return null;
}

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });

function hasCommit(rev) {
  try {
    execFileSync('git', ['cat-file', '-e', `${rev}^{commit}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The commits of the range as { hash, message }, NUL-separated to keep bodies whole. */
function commitsOf(range) {
  const out = git('log', '--format=%H%x00%B%x00', range);
  const parts = out.split('\0');
  const commits = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    commits.push({ hash: parts[i].trim(), message: parts[i + 1].replace(/^\n+/, '') });
  }
  return commits;
}

function main() {
  const range =
    process.argv[2] ?? (hasCommit(CONVENTION_SINCE) ? `${CONVENTION_SINCE}..HEAD` : 'HEAD^!');
  const commits = commitsOf(range);
  const bad = commits
    .map((c) => ({ ...c, problem: subjectProblem(c.message) }))
    .filter((c) => c.problem);
  for (const c of bad) {
    console.error(`${c.hash.slice(0, 10)} ${c.message.split('\n')[0]}\n  ${c.problem}`);
  }
  console.log(
    `commit subjects: ${commits.length - bad.length} of ${commits.length} fine (${range})`,
  );
  if (bad.length > 0) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
