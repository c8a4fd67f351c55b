// Tools of the deck app: boards, stacks, labels, cards, assignments and card comments.
import type { ToolDefinition } from '../tool-definition.js';
import { getBoardTool, listBoardsTool, listLabelsTool, listStacksTool } from './deck/board-tools.js';
import { assignLabelTool, assignUserTool, removeLabelTool, unassignUserTool } from './deck/card-assignment-tools.js';
import {
  archiveCardTool,
  createCardTool,
  deleteCardTool,
  getCardTool,
  moveCardTool,
  updateCardTool,
} from './deck/card-tools.js';
import { addCommentTool, listCommentsTool } from './deck/comment-tools.js';

export const DECK_TOOLS: ToolDefinition[] = [
  listBoardsTool,
  getBoardTool,
  listStacksTool,
  listLabelsTool,
  createCardTool,
  getCardTool,
  updateCardTool,
  moveCardTool,
  archiveCardTool,
  deleteCardTool,
  assignLabelTool,
  removeLabelTool,
  assignUserTool,
  unassignUserTool,
  listCommentsTool,
  addCommentTool,
];
