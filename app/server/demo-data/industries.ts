/**
 * Real Crunchbase industries and the industry groups Crunchbase files them under, so that the
 * industry and industry-group filters of the demo behave as they would on imported data.
 */
export interface DemoIndustry {
  /** Crunchbase industry name, spelled as Crunchbase does. */
  name: string;
  /** Crunchbase industry groups of this industry (one or more). */
  groups: readonly string[];
  /** Relative frequency among venture-funded startups (AI and SaaS lead, niches trail). */
  weight: number;
  /** What such a company makes, for descriptions: "<Name> builds <offering> for <audience>." */
  offering: string;
  /** Who buys it. */
  audience: string;
}

// Group names as Crunchbase spells them; constants keep the many references typo-free.
const AI = "Artificial Intelligence (AI)";
const SOFTWARE = "Software";
const IT = "Information Technology";
const INTERNET = "Internet Services";
const DATA = "Data and Analytics";
const SCIENCE = "Science and Engineering";
const FINANCE = "Financial Services";
const LENDING = "Lending and Investments";
const PAYMENTS = "Payments";
const HEALTH = "Health Care";
const BIOTECH = "Biotechnology";
const SECURITY = "Privacy and Security";
const COMMERCE = "Commerce and Shopping";
const CONSUMER_GOODS = "Consumer Goods";
const FOOD = "Food and Beverage";
const EDUCATION = "Education";
const SALES = "Sales and Marketing";
const ADVERTISING = "Advertising";
const PROFESSIONAL = "Professional Services";
const ADMIN = "Administrative Services";
const HARDWARE = "Hardware";
const ELECTRONICS = "Consumer Electronics";
const MANUFACTURING = "Manufacturing";
const TRANSPORTATION = "Transportation";
const ENERGY = "Energy";
const SUSTAINABILITY = "Sustainability";
const NATURAL_RESOURCES = "Natural Resources";
const AGRICULTURE = "Agriculture and Farming";
const REAL_ESTATE = "Real Estate";
const GOVERNMENT = "Government and Military";
const TRAVEL = "Travel and Tourism";
const MEDIA = "Media and Entertainment";
const CONTENT = "Content and Publishing";
const GAMING = "Gaming";
const MUSIC = "Music and Audio";
const VIDEO = "Video";
const COMMUNITY = "Community and Lifestyle";
const MESSAGING = "Messaging and Telecommunications";
const MOBILE = "Mobile";
const APPS = "Apps";
const PLATFORMS = "Platforms";
const SPORTS = "Sports";
const EVENTS = "Events";
const DESIGN = "Design";
const NAVIGATION = "Navigation and Mapping";

function industry(
  name: string,
  groups: readonly string[],
  weight: number,
  offering: string,
  audience: string,
): DemoIndustry {
  return { name, groups, weight, offering, audience };
}

export const DEMO_INDUSTRIES: readonly DemoIndustry[] = [
  // AI and software
  industry(
    "Artificial Intelligence (AI)",
    [AI, DATA, SCIENCE, SOFTWARE],
    10,
    "AI agents",
    "operations teams",
  ),
  industry("Machine Learning", [AI, DATA, SOFTWARE], 6, "machine-learning tools", "data teams"),
  industry("Generative AI", [AI, DATA, SCIENCE, SOFTWARE], 5, "generative AI models", "enterprises"),
  industry("Natural Language Processing", [AI, DATA, SOFTWARE], 1.5, "language models", "support teams"),
  industry(
    "Computer Vision",
    [AI, DATA, HARDWARE, SOFTWARE],
    1.5,
    "computer vision systems",
    "manufacturers",
  ),
  industry(
    "Intelligent Systems",
    [AI, DATA, SCIENCE],
    0.8,
    "autonomous decision systems",
    "industrial operators",
  ),
  industry("Predictive Analytics", [AI, DATA, SOFTWARE], 1, "forecasting software", "finance teams"),
  industry("SaaS", [SOFTWARE], 9, "cloud software", "mid-market companies"),
  industry("Software", [SOFTWARE], 8, "business software", "growing companies"),
  industry("Enterprise Software", [SOFTWARE], 4, "enterprise workflow software", "large enterprises"),
  industry("Developer Tools", [SOFTWARE], 2.5, "developer tools", "software engineers"),
  industry("Developer APIs", [SOFTWARE], 1, "APIs", "product engineers"),
  industry("Open Source", [SOFTWARE], 0.8, "open-source infrastructure", "engineering teams"),
  industry("Cloud Computing", [IT, INTERNET, SOFTWARE], 2, "cloud platforms", "IT teams"),
  industry("Cloud Infrastructure", [IT, INTERNET], 1, "cloud infrastructure", "platform engineers"),
  industry("Information Technology", [IT], 3, "IT management software", "IT departments"),
  industry("Productivity Tools", [SOFTWARE], 1, "productivity apps", "knowledge workers"),
  industry("Collaboration", [SOFTWARE], 0.8, "collaboration software", "remote teams"),
  industry(
    "Project Management",
    [PROFESSIONAL, SOFTWARE],
    0.6,
    "project management software",
    "project teams",
  ),
  industry("Document Management", [IT, SOFTWARE], 0.4, "document automation", "legal and finance teams"),
  industry("Quantum Computing", [IT, SCIENCE], 0.3, "quantum computers", "research labs"),
  industry("Augmented Reality", [HARDWARE, SOFTWARE], 0.4, "augmented reality tools", "field technicians"),
  industry("Virtual Reality", [HARDWARE, SOFTWARE], 0.4, "virtual reality experiences", "training teams"),
  industry("Internet of Things", [INTERNET, HARDWARE], 1.2, "connected sensors", "facility managers"),
  // Data
  industry("Analytics", [DATA], 2.5, "analytics software", "product teams"),
  industry("Big Data", [DATA], 1, "data platforms", "data engineers"),
  industry("Business Intelligence", [DATA], 1, "business intelligence dashboards", "executives"),
  industry("Data Integration", [DATA, IT, SOFTWARE], 0.6, "data pipelines", "analytics engineers"),
  industry("Database", [DATA, SOFTWARE], 0.5, "databases", "developers"),
  industry("Data Visualization", [DATA, DESIGN], 0.3, "data visualization tools", "analysts"),
  // Security
  industry("Cyber Security", [IT, SECURITY], 3, "security software", "security teams"),
  industry("Network Security", [IT, SECURITY], 0.8, "network security tools", "IT teams"),
  industry("Identity Management", [IT, SECURITY], 0.5, "identity and access tools", "IT administrators"),
  industry("Fraud Detection", [FINANCE, PAYMENTS, SECURITY], 0.5, "fraud detection", "online merchants"),
  industry("Privacy", [SECURITY], 0.3, "privacy compliance tools", "legal teams"),
  industry("Compliance", [GOVERNMENT, PROFESSIONAL], 0.6, "compliance automation", "regulated companies"),
  // Finance
  industry("FinTech", [FINANCE], 6, "financial software", "small businesses"),
  industry("Financial Services", [FINANCE], 4, "financial products", "consumers"),
  industry("Payments", [FINANCE, PAYMENTS], 2, "payments infrastructure", "online merchants"),
  industry("Banking", [FINANCE, LENDING, PAYMENTS], 1, "digital banking", "freelancers"),
  industry("Lending", [FINANCE, LENDING], 1, "lending products", "small businesses"),
  industry("Insurance", [FINANCE], 1, "insurance products", "households"),
  industry("InsurTech", [FINANCE], 1, "insurance software", "insurers"),
  industry("Wealth Management", [FINANCE, LENDING], 0.6, "wealth management tools", "financial advisors"),
  industry("Personal Finance", [FINANCE], 0.5, "personal finance apps", "young professionals"),
  industry("Accounting", [FINANCE, PROFESSIONAL, SOFTWARE], 0.8, "accounting software", "finance teams"),
  industry("Cryptocurrency", [FINANCE, PAYMENTS, SOFTWARE], 1.5, "crypto trading tools", "investors"),
  industry("Blockchain", [DATA, FINANCE, SOFTWARE], 1.5, "blockchain infrastructure", "developers"),
  industry("Web3", [SOFTWARE], 0.8, "Web3 tooling", "developers"),
  // Health and life sciences
  industry("Health Care", [HEALTH], 6, "care delivery software", "health systems"),
  industry("Medical", [HEALTH], 2, "clinical tools", "physicians"),
  industry("Medical Device", [HEALTH], 1.5, "medical devices", "hospitals"),
  industry("Health Diagnostics", [HEALTH], 1, "diagnostic tests", "clinicians"),
  industry("Mental Health", [HEALTH], 0.8, "mental health programs", "employers"),
  industry("Wellness", [HEALTH, SPORTS], 0.8, "wellness apps", "consumers"),
  industry("Fitness", [HEALTH, SPORTS], 0.6, "fitness programs", "gyms and athletes"),
  industry("Telehealth", [HEALTH], 0.7, "virtual care", "patients"),
  industry("Biotechnology", [BIOTECH, SCIENCE], 4, "novel therapeutics", "patients with unmet needs"),
  industry("Pharmaceutical", [HEALTH], 1, "drug candidates", "patients"),
  industry("Life Science", [BIOTECH, SCIENCE], 1, "lab tools", "life-science researchers"),
  industry("Genetics", [BIOTECH, HEALTH, SCIENCE], 0.5, "genomic tests", "clinicians"),
  industry("Therapeutics", [HEALTH], 1, "precision therapies", "patients"),
  industry("Clinical Trials", [HEALTH], 0.4, "clinical trial software", "drug developers"),
  // Commerce and consumer
  industry("E-Commerce", [COMMERCE], 3, "online storefronts", "direct-to-consumer brands"),
  industry("Retail", [COMMERCE], 1.5, "retail software", "store operators"),
  industry("Marketplace", [COMMERCE], 1.5, "an online marketplace", "independent sellers"),
  industry("Consumer Goods", [CONSUMER_GOODS], 1, "consumer products", "shoppers"),
  industry("Fashion", [COMMERCE, DESIGN], 0.6, "fashion brands", "shoppers"),
  industry("Food and Beverage", [FOOD], 1, "food products", "grocery shoppers"),
  industry("Food Delivery", [FOOD, TRANSPORTATION], 0.5, "food delivery", "restaurants"),
  industry("Restaurants", [FOOD], 0.4, "restaurant software", "restaurant owners"),
  industry("Grocery", [FOOD], 0.3, "grocery delivery", "households"),
  industry("Pet", [COMMUNITY], 0.3, "pet care products", "pet owners"),
  industry("Dating", [COMMUNITY], 0.2, "dating apps", "singles"),
  industry("Social Media", [INTERNET, MEDIA], 0.8, "social apps", "creators"),
  industry("Social Network", [INTERNET, MEDIA], 0.4, "community platforms", "online communities"),
  industry("Mobile Apps", [APPS, MOBILE, SOFTWARE], 1.2, "mobile apps", "consumers"),
  // Education and work
  industry("Education", [EDUCATION], 2, "learning platforms", "students"),
  industry("EdTech", [EDUCATION, SOFTWARE], 1.5, "education software", "schools"),
  industry("E-Learning", [EDUCATION, SOFTWARE], 1, "online courses", "working adults"),
  industry("Human Resources", [ADMIN, PROFESSIONAL], 1.5, "HR software", "people teams"),
  industry("Recruiting", [ADMIN, PROFESSIONAL], 0.8, "recruiting tools", "hiring managers"),
  industry("Employment", [ADMIN], 0.5, "staffing platforms", "hourly workers"),
  industry("Legal", [PROFESSIONAL], 0.5, "legal services", "law firms"),
  industry("Legal Tech", [PROFESSIONAL, SOFTWARE], 0.5, "legal software", "in-house counsel"),
  industry("Procurement", [ADMIN, PROFESSIONAL], 0.4, "procurement software", "purchasing teams"),
  // Sales and marketing
  industry("Marketing", [SALES], 2, "marketing software", "marketers"),
  industry("Advertising", [ADVERTISING, SALES], 1, "advertising technology", "brands"),
  industry("Digital Marketing", [ADVERTISING, SALES], 1, "digital marketing tools", "agencies"),
  industry(
    "Marketing Automation",
    [ADVERTISING, SALES, SOFTWARE],
    0.6,
    "marketing automation",
    "growth teams",
  ),
  industry("Sales Automation", [SALES, SOFTWARE], 0.6, "sales automation", "sales teams"),
  industry("CRM", [SALES, SOFTWARE], 0.6, "CRM software", "account managers"),
  industry("Customer Service", [PROFESSIONAL], 0.6, "customer service software", "support teams"),
  // Hardware, industry and mobility
  industry("Hardware", [HARDWARE], 1.5, "hardware", "engineers"),
  industry("Robotics", [HARDWARE, SCIENCE, SOFTWARE], 1.5, "robots", "warehouses"),
  industry("Semiconductor", [HARDWARE, SCIENCE], 0.8, "chips", "device makers"),
  industry("Electronics", [ELECTRONICS, HARDWARE], 0.6, "electronic components", "device makers"),
  industry("Consumer Electronics", [ELECTRONICS, HARDWARE], 0.5, "smart devices", "consumers"),
  industry("Drones", [HARDWARE, SCIENCE], 0.3, "drones", "inspection crews"),
  industry("3D Printing", [HARDWARE, MANUFACTURING, SCIENCE], 0.3, "3D printers", "manufacturers"),
  industry("Manufacturing", [MANUFACTURING], 1.5, "manufacturing software", "factories"),
  industry("Industrial Automation", [MANUFACTURING, SCIENCE], 0.6, "industrial automation", "plant managers"),
  industry("Logistics", [TRANSPORTATION], 2, "logistics software", "shippers"),
  industry("Supply Chain Management", [TRANSPORTATION], 1, "supply chain software", "logistics teams"),
  industry("Transportation", [TRANSPORTATION], 1, "mobility services", "commuters"),
  industry("Fleet Management", [TRANSPORTATION], 0.4, "fleet management tools", "fleet operators"),
  industry("Autonomous Vehicles", [TRANSPORTATION], 0.4, "self-driving systems", "carriers"),
  industry("Electric Vehicle", [TRANSPORTATION], 0.6, "electric vehicles", "fleets"),
  industry("Automotive", [TRANSPORTATION], 0.6, "automotive software", "carmakers"),
  industry("Aerospace", [SCIENCE, MANUFACTURING], 0.5, "aircraft systems", "airlines"),
  industry("Space Travel", [SCIENCE, TRANSPORTATION], 0.3, "satellite systems", "space agencies"),
  industry("Navigation", [NAVIGATION], 0.2, "mapping tools", "delivery fleets"),
  // Energy and climate
  industry("Energy", [ENERGY], 1, "energy software", "utilities"),
  industry("Renewable Energy", [ENERGY, SUSTAINABILITY], 1, "renewable energy projects", "utilities"),
  industry("Solar", [ENERGY, SUSTAINABILITY], 0.5, "solar systems", "homeowners"),
  industry("Energy Storage", [ENERGY], 0.5, "battery storage", "grid operators"),
  industry("Battery", [ENERGY], 0.4, "battery cells", "EV makers"),
  industry("Clean Energy", [ENERGY, SUSTAINABILITY], 0.6, "clean energy systems", "industrial sites"),
  industry("CleanTech", [ENERGY, SUSTAINABILITY], 0.6, "carbon reduction technology", "heavy industry"),
  industry("GreenTech", [SUSTAINABILITY], 0.4, "carbon accounting software", "sustainability teams"),
  industry("Recycling", [SUSTAINABILITY], 0.3, "recycling technology", "municipalities"),
  industry(
    "Water Purification",
    [NATURAL_RESOURCES, SUSTAINABILITY],
    0.2,
    "water treatment systems",
    "cities",
  ),
  industry("Agriculture", [AGRICULTURE], 0.6, "crop inputs", "farmers"),
  industry("AgTech", [AGRICULTURE, SCIENCE], 0.6, "farm software", "growers"),
  // Property, government, travel
  industry("Real Estate", [REAL_ESTATE], 1.2, "real estate services", "home buyers"),
  industry("PropTech", [REAL_ESTATE, SOFTWARE], 0.8, "property software", "landlords"),
  industry("Property Management", [REAL_ESTATE], 0.4, "property management tools", "property managers"),
  industry("Construction", [REAL_ESTATE], 0.6, "construction software", "general contractors"),
  industry("GovTech", [GOVERNMENT], 0.4, "government software", "public agencies"),
  industry("Travel", [TRAVEL], 0.6, "travel booking", "business travelers"),
  industry("Hospitality", [TRAVEL], 0.4, "hospitality software", "hotels"),
  // Media and entertainment
  industry("Media and Entertainment", [MEDIA], 1, "digital media", "publishers"),
  industry("Content Creators", [CONTENT, MEDIA], 0.4, "creator tools", "creators"),
  industry("Gaming", [GAMING], 0.8, "games", "players"),
  industry("Video Games", [GAMING, MEDIA], 0.6, "mobile games", "players"),
  industry("Music", [MEDIA, MUSIC], 0.3, "music software", "artists"),
  industry("Video", [CONTENT, MEDIA, VIDEO], 0.5, "video software", "marketers"),
  industry("Sports", [SPORTS], 0.4, "sports analytics", "teams and leagues"),
  industry("Events", [EVENTS], 0.3, "event software", "event organizers"),
  industry("Telecommunications", [HARDWARE, MESSAGING], 0.5, "network software", "carriers"),
  industry("Messaging", [MESSAGING], 0.3, "messaging APIs", "product teams"),
  industry("Platforms", [PLATFORMS], 0.3, "platform services", "developers"),
];
