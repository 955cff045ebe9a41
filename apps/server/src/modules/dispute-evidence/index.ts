/**
 * The dispute-evidence module's face (docs/ARCHITECTURE.md, "Modules with faces"): evidence
 * requests of a dispute: created by the desk, shown in the trade view, answered by a chat message
 * or a receipt. Other modules and the app import this file only; the rest of the folder is
 * private.
 */
export {
  answerEvidence,
  hasOpenEvidenceRequest,
  insertEvidenceRequest,
  openEvidenceCounts,
  toEvidenceView,
} from './evidence.repository.ts';
