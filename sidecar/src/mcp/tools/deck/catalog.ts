// Tools of the deck app: boards (and their shares), stacks, labels, cards, assignments and card comments.
import type { ToolDefinition } from '../../tool-definition.js';
import { manageBoardTool, shareBoardTool } from './board-change-tools.js';
import { getBoardTool, listBoardsTool, listStacksTool } from './board-tools.js';
import { assignLabelTool, assignUserTool } from './card-assignment-tools.js';
import { createCardTool, deleteCardTool, getCardTool, moveCardTool, updateCardTool } from './card-tools.js';
import { addCommentTool, listCommentsTool } from './comment-tools.js';
import { manageLabelTool } from './label-tools.js';
import { manageStackTool } from './stack-tools.js';

export const DECK_TOOLS: ToolDefinition[] = [
  listBoardsTool,
  getBoardTool,
  manageBoardTool,
  shareBoardTool,
  listStacksTool,
  manageStackTool,
  manageLabelTool,
  createCardTool,
  getCardTool,
  updateCardTool,
  moveCardTool,
  deleteCardTool,
  assignLabelTool,
  assignUserTool,
  listCommentsTool,
  addCommentTool,
];
